/**
 * The script injected into every document the agent opens, before the page's
 * own scripts. It refuses hardware access, autoplay, fullscreen and pointer
 * lock, and breaks alert/confirm/prompt loops. It leaves fetch and XHR alone:
 * single-page apps need them.
 *
 * Serialised by puppeteer (evaluateOnNewDocument), so it must be self-contained.
 * Replacements are Proxies over the native functions, so their toString still
 * reads "[native code]" for fingerprinting scripts, and the script leaves no
 * global of its own behind.
 */
export function safetyScript(maxDialogs: number): void {
  const refused = (what: string) => new DOMException(`${what} is disabled in this browser`, 'NotAllowedError');
  const replace = (target: object | undefined, name: string, apply: (original: (...a: unknown[]) => unknown, self: unknown, args: unknown[]) => unknown) => {
    if (!target) return;
    const holder = target as Record<string, unknown>;
    const original = holder[name];
    if (typeof original !== 'function') return;
    const proxy = new Proxy(original as (...a: unknown[]) => unknown, {
      apply: (fn, self, args: unknown[]) => apply(fn, self, args),
    });
    try {
      Object.defineProperty(target, name, { value: proxy, configurable: true, writable: true });
    } catch {
      // a frozen prototype: leave it
    }
  };
  const reject = (what: string) => () => Promise.reject(refused(what));

  // Hardware and sensors.
  const nav = navigator as unknown as Record<string, object | undefined>;
  const geo = navigator.geolocation as unknown as object | undefined;
  const deny = (_fn: unknown, _self: unknown, args: unknown[]) => {
    const onError = args[1];
    if (typeof onError === 'function') setTimeout(() => onError({ code: 1, message: 'User denied Geolocation', PERMISSION_DENIED: 1 }), 0);
    return 0;
  };
  replace(geo ? Object.getPrototypeOf(geo) : undefined, 'getCurrentPosition', deny);
  replace(geo ? Object.getPrototypeOf(geo) : undefined, 'watchPosition', deny);
  const media = nav.mediaDevices;
  replace(media ? Object.getPrototypeOf(media) : undefined, 'getUserMedia', reject('camera and microphone access'));
  replace(media ? Object.getPrototypeOf(media) : undefined, 'getDisplayMedia', reject('screen capture'));
  for (const [api, method] of [['usb', 'requestDevice'], ['bluetooth', 'requestDevice'], ['hid', 'requestDevice'], ['serial', 'requestPort']] as const) {
    const device = nav[api];
    replace(device ? Object.getPrototypeOf(device) : undefined, method, reject(`${api} access`));
  }
  replace(Navigator.prototype, 'requestMIDIAccess', reject('MIDI access'));
  replace(Navigator.prototype, 'vibrate', () => false);
  replace(Navigator.prototype, 'share', reject('sharing'));
  const clipboard = nav.clipboard;
  replace(clipboard ? Object.getPrototypeOf(clipboard) : undefined, 'read', reject('clipboard reading'));
  replace(clipboard ? Object.getPrototypeOf(clipboard) : undefined, 'readText', reject('clipboard reading'));

  // Autoplay: media may only play after a user gesture.
  replace(HTMLMediaElement.prototype, 'play', (fn, self, args) => {
    if (navigator.userActivation?.isActive) return fn.apply(self, args);
    return Promise.reject(refused('autoplay'));
  });
  document.addEventListener(
    'play',
    (event) => {
      const el = event.target;
      if (el instanceof HTMLMediaElement && !navigator.userActivation?.isActive) el.pause();
    },
    true,
  );

  // Fullscreen and pointer lock.
  replace(Element.prototype, 'requestFullscreen', reject('fullscreen'));
  replace(Element.prototype, 'webkitRequestFullscreen', () => undefined);
  replace(Element.prototype, 'webkitRequestFullScreen', () => undefined);
  replace(Element.prototype, 'requestPointerLock', reject('pointer lock'));
  replace(window, 'print', () => undefined);

  // Dialogs: the first few reach the browser (which records and dismisses
  // them); after that each call throws, which breaks `while (!confirm())` loops.
  let dialogs = 0;
  for (const name of ['alert', 'confirm', 'prompt']) {
    replace(window, name, (fn, self, args) => {
      dialogs += 1;
      if (dialogs > maxDialogs) throw refused(`more than ${maxDialogs} dialogs`);
      return fn.apply(self, args);
    });
  }
}

/** Dialogs a page may open before further ones throw. */
export const MAX_DIALOGS = 3;
