/**
 * A store's affiliate tag template (stores.affiliate_tag_template), applied to an offer URL at click-out
 * (`/go/{offerId}`). Two forms:
 * - query parameters merged into the offer URL: `tag=bachat-21&utm_source=bachat` (a parameter of the same
 *   name in the offer URL is replaced, so a store's stale tag never doubles);
 * - a tracking URL with `{url}` where the percent-encoded offer URL goes: `https://track.example/c?aff=7&u={url}`.
 * Pure: used by the server's redirect and by the operator console's form (validation and preview).
 */
import { z } from 'zod';

export const AFFILIATE_TEMPLATE_MAX = 500;
const URL_PLACEHOLDER = '{url}';

/** Why a template is unusable, or null when it is fine (empty = no tag). */
export function affiliateTemplateProblem(template: string): string | null {
  const text = template.trim();
  if (text === '') return null;
  if (text.length > AFFILIATE_TEMPLATE_MAX) return `The affiliate tag template is longer than ${AFFILIATE_TEMPLATE_MAX} characters.`;
  if (text.includes(URL_PLACEHOLDER)) {
    let parsed: URL;
    try {
      parsed = new URL(text.split(URL_PLACEHOLDER).join('x'));
    } catch {
      return 'A template with {url} must be an http(s) URL, e.g. https://track.example/c?u={url}.';
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      return 'A template with {url} must be an http(s) URL, e.g. https://track.example/c?u={url}.';
    }
    return null;
  }
  if (/^[a-z]+:\/\//i.test(text) || text.includes('/')) {
    return 'Write query parameters (tag=bachat-21) or a tracking URL containing {url}.';
  }
  const params = new URLSearchParams(text.replace(/^[?&]+/, ''));
  for (const [name] of params) {
    if (name === '') return 'Every query parameter of the affiliate tag template needs a name (tag=bachat-21).';
  }
  if ([...params].length === 0) return 'Write query parameters (tag=bachat-21) or a tracking URL containing {url}.';
  return null;
}

/** For forms and API bodies: trimmed, empty → null. */
export const affiliateTemplateSchema = z
  .string()
  .max(AFFILIATE_TEMPLATE_MAX)
  .transform((value) => value.trim())
  .superRefine((value, ctx) => {
    const problem = affiliateTemplateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => (value === '' ? null : value));

/**
 * The URL a shopper is sent to. `offerUrl` is the stored offer URL (from the store's feed); a template that is
 * unusable or a URL that does not parse leaves the offer URL as it is (a click-out never fails on a tag).
 */
export function applyAffiliateTag(offerUrl: string, template: string | null | undefined): string {
  const text = template?.trim() ?? '';
  if (text === '' || affiliateTemplateProblem(text) !== null) return offerUrl;
  if (text.includes(URL_PLACEHOLDER)) return text.split(URL_PLACEHOLDER).join(encodeURIComponent(offerUrl));
  let url: URL;
  try {
    url = new URL(offerUrl);
  } catch {
    return offerUrl;
  }
  for (const [name, value] of new URLSearchParams(text.replace(/^[?&]+/, ''))) url.searchParams.set(name, value);
  return url.toString();
}
