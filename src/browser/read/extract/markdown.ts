/**
 * HTML of the selected content -> compact ATX Markdown for a prompt: anchors become
 * their text, images `[IMAGE: alt]` (none when the alt is empty, a file name or generic,
 * addressed to a model (images.ts instructionLike), or when the image's figure has a
 * caption), tables GFM pipe rows (every table gets a header separator after its first
 * row, cells stay on one line), lists `- item`.
 */
import type { Element } from 'domhandler';
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import { instructionLike } from './images.js';

/** Alt texts that say nothing: file names, slugs and generic words. A figure's caption says it better. */
const UNINFORMATIVE_ALT = /^(?:\S+\.(?:jpe?g|png|gif|webp|avif|svg)|[\w-]*[-_\d][\w-]*|image|img|photo|picture|pic|icon|logo|thumbnail|placeholder|banner|avatar|null|undefined)$/i;

type TdNode = TurndownService.Node & HTMLElement;

function elementSiblingBefore(node: HTMLElement): boolean {
  for (let prev = node.previousSibling; prev; prev = prev.previousSibling) if (prev.nodeType === 1) return true;
  return false;
}

function cellCount(row: HTMLElement): number {
  let n = 0;
  for (const child of Array.from(row.childNodes)) if (child.nodeName === 'TD' || child.nodeName === 'TH') n += 1;
  return n;
}

function isFirstRow(row: HTMLElement): boolean {
  const table = row.closest('table');
  return table !== null && table.querySelector('tr') === row;
}

function createService(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
    strongDelimiter: '**',
    hr: '---',
  });
  service.use(gfm);
  // Prompt text, not Markdown to render: backslash escapes would only be noise.
  service.escape = (text: string) => text;
  service.addRule('plainLink', { filter: 'a', replacement: (content) => content });
  service.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      const alt = (node.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim();
      if (!alt || UNINFORMATIVE_ALT.test(alt) || /\blogo\b/i.test(alt) || instructionLike(alt) || node.closest('figure')?.querySelector('figcaption')) return '';
      return `[IMAGE: ${alt}]`;
    },
  });
  service.addRule('compactListItem', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as HTMLElement | null;
      let prefix = '- ';
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? '1') || 1;
        const index = Array.from(parent.children).indexOf(node);
        prefix = `${start + index}. `;
      }
      const body = content.replace(/^\n+/, '').replace(/\n+$/, '\n').replace(/\n/gm, '\n  ');
      return prefix + body.trimEnd() + (node.nextSibling ? '\n' : '');
    },
  });
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      const text = content.replace(/\s*\n+\s*/g, ' ').replace(/\|/g, '\\|').trim();
      return (elementSiblingBefore(node) ? ' ' : '| ') + text + ' |';
    },
  });
  service.addRule('tableRow', {
    filter: 'tr',
    replacement: (content, node) => {
      const row = content.trim();
      if (!row.replace(/[|\s]/g, '')) return '';
      if (!isFirstRow(node)) return '\n' + row;
      const separator = '|' + ' --- |'.repeat(Math.max(1, cellCount(node)));
      return '\n' + row + '\n' + separator;
    },
  });
  service.addRule('tableSection', { filter: ['thead', 'tbody', 'tfoot'], replacement: (content) => content });
  service.addRule('table', {
    filter: 'table',
    replacement: (content) => '\n\n' + content.replace(/\n{2,}/g, '\n').trim() + '\n\n',
  });
  service.addRule('caption', { filter: 'caption', replacement: (content) => content.trim() + '\n' });
  return service;
}

/** Attributes the conversion reads (turndown, its gfm plugin and the rules above): a code block's language, a list's start, an image's alt, a cell's alignment, a task box. */
const READ_ATTRIBUTES = ['alt', 'start', 'align', 'type', 'checked'];
const CLASS_READ = new Set(['div', 'pre', 'code']);

/** The attributes of el the conversion reads; classes, styles and data- are bulk it would only parse again. */
export function markdownAttributes(el: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of READ_ATTRIBUTES) {
    const value = el.attribs[name];
    if (value !== undefined) out[name] = value;
  }
  const cls = el.attribs['class'];
  if (cls !== undefined && CLASS_READ.has(el.name)) out['class'] = cls;
  return out;
}

let shared: TurndownService | undefined;

export function toMarkdown(html: string | TdNode): string {
  shared ??= createService();
  return shared
    .turndown(html)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
