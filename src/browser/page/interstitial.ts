/**
 * "Checking your browser" and captcha pages: recognise one, and wait (up to a
 * limit) for it to clear, as a JavaScript challenge does by itself.
 */
import type { Page } from 'puppeteer-core';
import { sleep } from '../../util/timing.js';
import { answerWithin, EVALUATE_TIMEOUT_MS } from './timing.js';

export const INTERSTITIAL_WAIT_MS = 10_000;
const POLL_MS = 400;

/** Phrases that mark a challenge page wherever they appear in its title or opening text. */
const CHALLENGE = [
  /checking (?:if the site connection is secure|your browser)/i,
  /just a moment\.\.\./i,
  /verify(?:ing)? (?:that )?you are (?:a )?human/i,
  /are you a robot\??/i,
  /please (?:complete|solve) the (?:security check|captcha)/i,
  /enable javascript and cookies to continue/i,
  /ddos protection by/i,
  /attention required!/i,
];
/** "captcha" alone counts only on a short page (a real article may mention one). */
const CAPTCHA = /captcha/i;
const SHORT_PAGE_CHARS = 1_500;

export interface PageSignals {
  title: string;
  /** The first few thousand characters of the body's text. */
  text: string;
  /** Whether a reCAPTCHA/hCaptcha/Turnstile frame or widget is present. */
  captchaWidget: boolean;
}

/** The phrase that makes this an interstitial, or undefined for an ordinary page. */
export function interstitialOf(signals: PageSignals): string | undefined {
  const haystack = `${signals.title}\n${signals.text}`;
  for (const pattern of CHALLENGE) {
    const found = pattern.exec(haystack);
    if (found) return found[0];
  }
  const short = signals.text.trim().length < SHORT_PAGE_CHARS;
  if (short && (signals.captchaWidget || CAPTCHA.test(haystack))) return 'captcha';
  return undefined;
}

function readSignals(page: Page, timeoutMs: number): Promise<PageSignals> {
  const read = page.evaluate(() => ({
    title: document.title,
    text: (document.body?.innerText ?? '').slice(0, 4_000),
    captchaWidget: Boolean(
      document.querySelector('iframe[src*="recaptcha"], iframe[src*="hcaptcha"], iframe[src*="challenges.cloudflare.com"], .g-recaptcha, .h-captcha, .cf-turnstile'),
    ),
  }));
  return answerWithin(read, timeoutMs, 'the page');
}

/**
 * Poll while the page is an interstitial, for at most waitMs. Returns the
 * phrase if it is still one at the end, undefined once it cleared (or never was).
 * A navigation during the check (the challenge passing) just means "look again".
 */
export async function waitOutInterstitial(
  page: Page,
  waitMs: number,
  options: { signal?: AbortSignal | undefined; evaluateTimeoutMs?: number } = {},
): Promise<string | undefined> {
  const { signal, evaluateTimeoutMs = EVALUATE_TIMEOUT_MS } = options;
  const deadline = Date.now() + waitMs;
  let phrase: string | undefined;
  for (;;) {
    let current: string | undefined | null;
    try {
      current = interstitialOf(await readSignals(page, evaluateTimeoutMs));
    } catch {
      current = null; // mid-navigation: keep the last answer and look again
    }
    if (current === undefined || (current === null && phrase === undefined)) return undefined;
    if (current !== null) phrase = current;
    if (Date.now() >= deadline || signal?.aborted) return phrase;
    await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())), signal).catch(() => undefined);
  }
}
