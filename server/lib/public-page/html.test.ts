import { describe, expect, it } from 'vitest';
import { html } from './html';

describe('html template', () => {
  it('escapes text put into markup, and keeps nested markup as it is', () => {
    const name = '<script>alert("x")</script> & \'y\'';
    const inner = html`<b>${name}</b>`;
    expect(html`<p title="${name}">${inner}${null}${false}${['a', html`<i>b</i>`]}</p>`.markup).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">' +
        '<b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</b>a<i>b</i></p>',
    );
  });
});
