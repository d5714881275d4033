import { describe, expect, it } from 'vitest';
import { escapeHtml, type Html, html, htmlAround, htmlBytes, htmlSlot, textHtml, trustedHtml } from './html';

const text = (markup: Html) => htmlBytes(markup).toString('utf8');

describe('html templates', () => {
  it('escape every string they are given, keep markup and numbers, and leave out nothing-values', () => {
    const name = `<script>alert("x") & 'y'</script>`;
    const row = html`<li title="${name}">${name}</li>`;
    expect(text(row)).toBe(
      '<li title="&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;">&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;</li>',
    );
    const list = html`<ul>${[row, html`<li>${42}</li>`]}${null}${undefined}${false}${''}</ul>`;
    expect(text(list)).toContain('</li><li>42</li></ul>');
    expect(text(html`<style>${trustedHtml('a>b{font:"x"}')}</style>`)).toBe('<style>a>b{font:"x"}</style>');
    expect(text(textHtml('Оплата в «Кофе & Ко»'))).toBe('Оплата в «Кофе &amp; Ко»');
    expect(escapeHtml('plain')).toBe('plain');
  });

  it('count their bytes as UTF-8, whatever the script of their text', () => {
    const markup = html`<p lang="ru">${'Ожидаем оплату'} “${'ok'}”</p>`;
    const bytes = htmlBytes(markup);
    expect(bytes.length).toBe(markup.length);
    expect(bytes.toString('utf8')).toBe('<p lang="ru">Ожидаем оплату “ok”</p>');
  });

  it('keep a slot as the bytes before and after it, which no text can forge', () => {
    const slot = htmlSlot();
    const page = html`<main>${'a'}<dd>${slot.markup}</dd>${html`<p>${'b'}</p>`}</main>`;
    const { before, after } = htmlAround(page, slot);
    expect(before.toString()).toBe('<main>a<dd>');
    expect(after?.toString()).toBe('</dd><p>b</p></main>');
    // The same markup without the slot, or text that looks like it, is all "before".
    const other = htmlSlot();
    expect(htmlAround(page, other)).toEqual({ before: htmlBytes(page), after: null });
    expect(htmlAround(html`<p>${''}</p>`, slot)).toEqual({ before: Buffer.from('<p></p>'), after: null });
  });
});
