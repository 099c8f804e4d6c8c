/** In-page script run before a screenshot of a page read as text, once blocking is lifted. */

/** In the page: ask again for images, posters and the stylesheets' fonts and backgrounds; wait (bounded) for those in view. */
export async function refetchResources(waitMs: number): Promise<void> {
  for (const img of Array.from(document.images)) {
    const { src, srcset } = img;
    if (srcset) {
      img.srcset = '';
      img.srcset = srcset;
    }
    if (src) {
      img.src = '';
      img.src = src;
    }
  }
  // Assigning a URL again makes the element ask for it again; a stylesheet parsed again asks again for its fonts and backgrounds.
  for (const video of Array.from(document.querySelectorAll('video[poster]'))) {
    const { poster } = video as HTMLVideoElement;
    (video as HTMLVideoElement).poster = poster;
  }
  for (const link of Array.from(document.querySelectorAll('link[rel~="stylesheet"]'))) {
    const { href } = link as HTMLLinkElement;
    (link as HTMLLinkElement).href = href;
  }
  for (const style of Array.from(document.querySelectorAll('style'))) {
    const css = style.textContent;
    style.textContent = css;
  }
  const inView = Array.from(document.images).filter((img) => {
    const box = img.getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
  });
  const settled = Promise.all([...inView.map((img) => img.decode().catch(() => {})), document.fonts.ready]);
  await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, waitMs))]);
}
