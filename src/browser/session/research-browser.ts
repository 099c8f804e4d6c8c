/** The browser as the research loop sees it: load pages with their form fields, read them as PageViews, fill forms. */
import type { Config } from '../../config.js';
import type { Tracer } from '../../trace.js';
import { fieldRef, fillAndSubmit } from './form-fill.js';
import { agentFillable, discoverForms, neededUploads, type FormField } from '../page/forms.js';
import { frame, readPage } from '../read/page-text.js';
import type { LaunchedBrowser } from '../launch/launch.js';
import { browserSessionOptions, openSession, type ReadingSession } from './reading-session.js';
import type { FormOutcome, PageField, PageLoad, PageView, ResearchBrowser } from '../types.js';

const MAX_FIELDS = 30;
const FORM_TIMEOUT_MS = 15_000;
const HAS_FIELDS = /<(input|select|textarea)\b/i;
/** Tabs loading the next search results while the model reads. */
const PREFETCH_TABS = 2;

/**
 * Prefetch tabs, from the hidden SCOUT_PREFETCH switch: 0 turns prefetching
 * off (bench:research measures with and without), 1-3 sets the tab count.
 */
export function prefetchTabs(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.SCOUT_PREFETCH ?? '';
  return /^[0-3]$/.test(value) ? Number(value) : PREFETCH_TABS;
}

/** What the model reads of a load: the page's main content, or the document's text (PDF pages marked `[page N]`). */
function readPageView(load: PageLoad, clean: (text: string) => string = (text) => text): PageView {
  const page = load.document ?? readPage(load.html, load.url);
  const title = clean(page.title || load.title);
  const url = clean(load.url);
  // A form that needs a file is a dead end: the model is told so, above the page text, rather than offered the upload.
  const upload = load.uploads?.length ? `[This page asks for a file upload (${load.uploads.map((u) => `"${u}"`).join(', ')}), which scout does not do: its form cannot be sent from here.]\n\n` : '';
  const markdown = clean(upload + page.markdown);
  return {
    title,
    links: page.links.map((l) => ({ url: clean(l.url), text: clean(l.text) })),
    fields: (load.fields ?? []).map((f) => ({ ...f, label: clean(f.label), ...(f.options ? { options: f.options.map(clean) } : {}) })),
    frame: (maxChars) => frame(title, url, markdown, maxChars).text,
  };
}

/** The fields the agent may fill, each under the ref it will be named by. */
function pageFields(fields: readonly FormField[]): PageField[] {
  return fields
    .map((field, index) => ({ field, index }))
    .filter(({ field }) => agentFillable(field))
    .slice(0, MAX_FIELDS)
    .map(({ field, index }) => ({
      ref: fieldRef(index),
      type: field.type,
      label: field.label || field.name,
      required: field.required,
      ...(field.options ? { options: field.options } : {}),
      ...(field.form ? { form: field.form } : {}),
    }));
}

async function discover(session: ReadingSession, load: PageLoad): Promise<FormField[]> {
  const page = session.currentPage();
  if (load.error || !page || !HAS_FIELDS.test(load.html)) return [];
  return discoverForms(page).catch(() => []);
}

/** lease: a browser shared with other runs (scout batch); by default the run launches its own. */
export async function openResearchBrowser(config: Config, trace: Tracer, lease?: () => Promise<LaunchedBrowser>): Promise<ResearchBrowser> {
  const session = await openSession({ ...browserSessionOptions(config), prefetchTabs: prefetchTabs(), ...(lease ? { lease } : {}) });
  session.prepare();
  let fields: FormField[] = [];
  /** The address of the document the fields were found on: a form is filled only there. */
  let fieldsUrl = '';

  const withFields = async (load: PageLoad): Promise<PageLoad> => {
    fields = await discover(session, load);
    const uploads = neededUploads(fields);
    fieldsUrl = session.currentPage()?.url() ?? load.url;
    trace({ type: 'load', url: load.url, status: load.status, ms: load.ms, prefetched: session.wasPrefetched(load), error: load.error, interstitial: load.interstitial, dialogs: load.dialogs, downloads: load.downloads, popups: load.popups, fields: fields.length, uploads, read: load.read });
    return { ...load, fields: pageFields(fields), ...(uploads.length ? { uploads } : {}) };
  };

  return {
    async load(url, options) {
      return withFields(await session.load(url, options));
    },
    close: () => session.close(),
    alive: () => session.alive(),
    read: readPageView,
    prefetch(urls) {
      session.prefetch(urls);
      trace({ type: 'prefetch', urls: session.prefetching() });
    },
    async fillForm(requests): Promise<FormOutcome> {
      const page = session.currentPage();
      const formUrl = page?.url() ?? '';
      // The page moved on while the model thought (a redirect, a refresh): its fields, and what was checked of them, are not this document's.
      if (!page || formUrl !== fieldsUrl) return { filled: [], failed: requests.map((r) => r.field), navigated: false, load: await withFields(await session.current(formUrl)) };
      const result = await fillAndSubmit(page, fields, requests, FORM_TIMEOUT_MS);
      trace({ type: 'form', url: formUrl, filled: result.filled, failed: result.failed, navigated: result.navigated });
      return { ...result, load: await withFields(await session.current(page.url())) };
    },
  };
}
