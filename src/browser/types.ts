/** What the research agent needs from a browser: load a page, read it as the model sees it, fill a form, close. */

export interface PageLoad {
  /** The URL asked for. */
  requestedUrl: string;
  /** The URL after redirects (equal to requestedUrl when none). */
  url: string;
  /** HTTP status of the main document; null when unknown or the navigation did not commit. */
  status: number | null;
  title: string;
  /** The rendered DOM (documentElement.outerHTML after scripts ran); '' on failure. */
  html: string;
  ms: number;
  /** Set when a "checking your browser"/captcha interstitial was seen and did not clear. */
  interstitial?: string;
  /** Set when the page could not be read: timeout, refused address, crash, download... */
  error?: string;
  /** Text of dialogs (alert/confirm/prompt) that were dismissed. */
  dialogs: string[];
  /** URLs of downloads that were refused. */
  downloads: string[];
  /** URLs of popups the page opened (closed again: the agent reads one tab). */
  popups: string[];
  /** Fillable form fields of the page, for the agent (set by the research browser). */
  fields?: PageField[];
  /** Labels of file inputs a form of the page cannot be sent without: scout uploads no files, so the page says so. */
  uploads?: string[];
  /** Set when the URL guard refused the page or a redirect; privateAddress: --allow-private-network would lift it. */
  refused?: { privateAddress: boolean };
  /** Set when the response was a document (a PDF, a text file) read as text rather than a page rendered; html is then ''. */
  document?: LoadedDocument;
  /** How the page's DOM was read (session/read-settle.ts): for the trace. */
  read?: ReadNote;
}

/** How a page was read: the wait for its content to settle, and a read that came back empty or short. */
export interface ReadNote {
  /** From the load to the last read, waits for the text on screen to hold still included. */
  settleMs: number;
  /** Characters of text on screen (spaces aside) at the last read. */
  chars: number;
  /** DOM reads that came back empty or far shorter than the response HTML (1 or 2). */
  short?: number;
  /** Read a second time after a short read. */
  retried?: boolean;
  /** Both reads were short, or the parser was still held up by a script: the response HTML, as it came before scripts, was read instead. */
  fallback?: 'response';
  /** Nothing to read at all. */
  empty?: boolean;
}

/** A PDF or a text file, as read: its text with `[page N]` lines before each PDF page, and the web links it holds. */
export interface LoadedDocument {
  pageType: 'pdf' | 'text';
  title: string;
  markdown: string;
  links: { url: string; text: string }[];
  /** The PDF's page count (all of them, read or not). */
  pages?: number;
  /** Why not all of it was read (the page or size bound), when it was not. */
  cut?: string;
}

/** A form field as the agent is shown it: a ref (f1, f2...) to name it by, its kind and label. */
export interface PageField {
  ref: string;
  type: string;
  label: string;
  required: boolean;
  options?: readonly string[];
  /** The form the field belongs to: where submitting it sends the values and how; absent outside a form. */
  form?: FormTarget;
}

/** Where a form sends its values: the absolute action URL (the submit button's formaction if it has one) and the method. */
export interface FormTarget {
  action: string;
  /** get, post or dialog, lower case. */
  method: string;
}

export interface LoadOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface BrowserSession {
  /** Open url in the session's reading tab. Never throws for a bad page: see PageLoad.error. */
  load(url: string, options?: LoadOptions): Promise<PageLoad>;
  /** Close every tab and the browser (or disconnect from a --cdp-url one). Idempotent. */
  close(): Promise<void>;
}

/** What the model is shown of a loaded page. */
export interface PageView {
  title: string;
  links: { url: string; text: string }[];
  fields: PageField[];
  /** The page as framed Markdown of at most maxChars characters. */
  frame(maxChars: number): string;
}

/** A value the agent asks to fill in, the field named by ref, label or name. */
export interface FieldValue {
  field: string;
  value: string;
}

export interface FormOutcome {
  filled: string[];
  failed: string[];
  navigated: boolean;
  load: PageLoad;
}

/** The browser as the research agent uses it. */
export interface ResearchBrowser extends BrowserSession {
  /** Fill the current page's form by label, name or ref, and submit it. */
  fillForm(fields: readonly FieldValue[]): Promise<FormOutcome>;
  /** Pages likely to be read next: start loading them while the model thinks; others are dropped. */
  prefetch(urls: readonly string[]): void;
  /** False once the browser itself is gone (killed or crashed), not just a tab. */
  alive(): boolean;
  /** The page as the model sees it; `clean` is applied to its address, title, text and links before the page is framed (secrets a page echoed are replaced so). */
  read(load: PageLoad, clean?: (text: string) => string): PageView;
}
