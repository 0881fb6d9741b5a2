import { describe, expect, it } from 'vitest';
import { affiliateTemplateProblem, affiliateTemplateSchema, applyAffiliateTag } from './affiliate';

describe('applyAffiliateTag', () => {
  it('merges query parameters into the offer URL, replacing a parameter of the same name', () => {
    expect(applyAffiliateTag('https://shop.example/p/1?tag=old&color=red', 'tag=bachat-21&utm_source=bachat')).toBe(
      'https://shop.example/p/1?tag=bachat-21&color=red&utm_source=bachat',
    );
    expect(applyAffiliateTag('https://shop.example/p/1', '?ref=b')).toBe('https://shop.example/p/1?ref=b');
  });

  it('puts the encoded offer URL into a tracking template', () => {
    expect(applyAffiliateTag('https://shop.example/p/1?a=1&b=2', 'https://track.example/c?aff=7&u={url}')).toBe(
      'https://track.example/c?aff=7&u=https%3A%2F%2Fshop.example%2Fp%2F1%3Fa%3D1%26b%3D2',
    );
  });

  it('leaves the offer URL alone without a usable template', () => {
    expect(applyAffiliateTag('https://shop.example/p/1', null)).toBe('https://shop.example/p/1');
    expect(applyAffiliateTag('https://shop.example/p/1', '  ')).toBe('https://shop.example/p/1');
    expect(applyAffiliateTag('https://shop.example/p/1', 'javascript:alert(1)//{url}')).toBe('https://shop.example/p/1');
  });
});

describe('affiliate template validation', () => {
  it('accepts query parameters and http(s) tracking URLs with {url}', () => {
    expect(affiliateTemplateProblem('tag=bachat-21')).toBeNull();
    expect(affiliateTemplateProblem('https://track.example/c?u={url}')).toBeNull();
    expect(affiliateTemplateSchema.parse('  ')).toBeNull();
  });

  it('rejects templates that are neither', () => {
    expect(affiliateTemplateProblem('https://track.example/c')).toMatch(/query parameters/);
    expect(affiliateTemplateProblem('ftp://x/{url}')).toMatch(/http\(s\) URL/);
    expect(affiliateTemplateProblem('=x')).toMatch(/needs a name/);
    expect(affiliateTemplateSchema.safeParse('https://track.example/c').success).toBe(false);
  });
});
