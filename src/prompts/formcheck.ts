/** After a form was submitted: the model first judges whether it worked, from the page it led to. */
import { bulletList, section } from './sections.js';

export interface FormCheckInput {
  /** The page the form was on. */
  formUrl: string;
  /** Field names that were filled (secret values are never shown, only their names). */
  filled: readonly string[];
  /** Fields the model named that could not be found or filled. */
  failed: readonly string[];
  /** True when submitting navigated to another URL. */
  navigated: boolean;
}

export function formCheckSection(input: FormCheckInput | undefined): string {
  if (!input) return '';
  const lines = [
    `You just filled and submitted a form on ${input.formUrl}. The page below is what the site showed afterwards${input.navigated ? '' : ' (the address did not change)'}.`,
    'First judge from this page whether the submission worked: write your Note about what the page now says (a result, a confirmation, or an error message of the site), or an Error line if it failed.',
  ];
  return [
    section('Form submitted:', lines.join('\n')),
    section('Fields filled:', bulletList(input.filled)),
    section('Fields that could not be filled:', bulletList(input.failed)),
  ]
    .filter(Boolean)
    .join('\n');
}
