/** Recognising challenge pages, and the injectable randomness of human behaviour. */
import { describe, expect, it } from 'vitest';
import { between, HUMAN, NO_HUMAN } from '../../src/browser/page/human.js';
import { interstitialOf } from '../../src/browser/page/interstitial.js';

const page = (title: string, text: string, captchaWidget = false) => ({ title, text, captchaWidget });

describe('interstitialOf', () => {
  it.each([
    [page('Just a moment...', 'Checking if the site connection is secure'), /just a moment|checking if the site connection is secure/i],
    [page('example.com', 'Checking your browser before accessing example.com.'), /checking your browser/i],
    [page('Attention Required! | Cloudflare', 'Please complete the security check to access'), /attention required|complete the security check/i],
    [page('Verify', 'Please verify you are a human to continue.'), /verify you are a human/i],
    [page('Security', 'Are you a robot?'), /are you a robot/i],
  ])('recognises a challenge page (%#)', (signals, phrase) => {
    expect(interstitialOf(signals)).toMatch(phrase);
  });

  it('counts a captcha on a short page, but not a long article that mentions one', () => {
    expect(interstitialOf(page('Sign in', 'Type the characters you see. CAPTCHA'))).toBe('captcha');
    expect(interstitialOf(page('Sign in', 'Sign in to continue', true))).toBe('captcha');
    expect(interstitialOf(page('How CAPTCHAs work', 'A captcha is a test. '.repeat(200)))).toBeUndefined();
  });

  it('leaves ordinary pages alone', () => {
    expect(interstitialOf(page('Tall towers of Europe', 'The tallest tower in Europe is in Moscow.'))).toBeUndefined();
  });
});

describe('human behaviour ranges', () => {
  it('draws whole numbers within the range, ends included', () => {
    expect(between([1, 3], () => 0)).toBe(1);
    expect(between([1, 3], () => 0.999)).toBe(3);
    expect(between([250, 900], () => 0.5)).toBe(575);
  });

  it('scrolls 1 to 3 times by default and not at all with NO_HUMAN', () => {
    expect(HUMAN.scrolls).toEqual([1, 3]);
    expect(between(NO_HUMAN.scrolls, Math.random)).toBe(0);
    expect(between(NO_HUMAN.pauseMs, Math.random)).toBe(0);
  });
});
