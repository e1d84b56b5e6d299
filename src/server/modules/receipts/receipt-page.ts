import { createHash } from 'node:crypto';
import type { Receipt, ReceiptLine } from '../../../shared/receipt';
import { escapeHtml } from '../../http/html';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f3f4f1;color:#1c1f1a;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:40rem;margin:0 auto;padding:1rem}
article{background:#fff;border:1px solid #d5d9d0;border-radius:12px;padding:1.25rem}
header{border-bottom:2px solid #1c1f1a;padding-bottom:.75rem;margin-bottom:.75rem}
h1{font-size:1.6rem;margin:0}
h2{font-size:1rem;margin:1.25rem 0 .4rem;text-transform:uppercase;letter-spacing:.05em;color:#4a5145}
p{margin:.2rem 0}
.muted{color:#4a5145}
table{width:100%;border-collapse:collapse}
th,td{padding:.35rem 0;vertical-align:top;text-align:left}
td.num,th.num{text-align:right;white-space:nowrap;padding-left:.75rem}
td.value{text-align:right;padding-left:.75rem;overflow-wrap:anywhere}
tr+tr>*{border-top:1px solid #e4e7e0}
th[scope=row]{font-weight:400;color:#4a5145;width:40%}
.detail{display:block;font-size:.85rem;color:#4a5145}
tr.total>th,tr.total>td{border-top:2px solid #1c1f1a;font-weight:700;font-size:1.1rem;color:#1c1f1a}
.signature{display:block;max-width:100%;height:auto;max-height:10rem;border:1px solid #d5d9d0;border-radius:8px;background:#fff}
footer{margin-top:1rem;font-size:.85rem}
.mark{display:inline-block;margin-left:.5rem;padding:.05rem .5rem;border:2px solid #9b1c1c;border-radius:6px;color:#9b1c1c;font-size:1.1rem;letter-spacing:.08em;vertical-align:middle}
@media (max-width:420px){body{font-size:14px}main{padding:.5rem}article{padding:1rem}th[scope=row]{width:34%}}
@media print{
body{background:#fff;font-size:11pt}
main{max-width:none;padding:0}
article{border:0;border-radius:0;padding:0}
footer{display:none}
tr,img{break-inside:avoid}
}
`;

/**
 * The receipt page's own security policy, narrower than the shop's: nothing but its one
 * inline style (by hash) and the signature image (a data: URL); no scripts at all.
 */
export const RECEIPT_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const rows = (lines: readonly ReceiptLine[], className = '') =>
  lines
    .map(
      (line) =>
        `<tr${className ? ` class="${className}"` : ''}><th scope="row">${escapeHtml(line.label)}</th><td class="value">${escapeHtml(line.value)}</td></tr>`,
    )
    .join('');

function itemsTable(receipt: Receipt): string {
  const items = receipt.items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}<span class="detail">${escapeHtml(item.detail)}</span></td><td class="num">× ${item.count}</td><td class="num">${escapeHtml(item.price)}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Item</th><th class="num">Count</th><th class="num">Price</th></tr></thead><tbody>${items}</tbody></table>`;
}

/** `full` for staff and the shopper signed in; `link` for a status link's holder. */
export type ReceiptAccess = 'full' | 'link' | null;

const WITHHELD = 'Not shown on a shared link';

/** The receipt as a status link shows it: no home address, no signature. */
export function withoutPrivateParts(receipt: Receipt): Receipt & { signatureWithheld: true } {
  return {
    ...receipt,
    details: receipt.details.map((line) =>
      line.label === 'Address' ? { ...line, value: WITHHELD } : line,
    ),
    signature: null,
    signatureWithheld: true,
  };
}

function signature(receipt: Receipt & { signatureWithheld?: true }): string {
  if (receipt.signatureWithheld) return `<p class="muted">${WITHHELD}</p>`;
  return receipt.signature
    ? `<img class="signature" src="${escapeHtml(receipt.signature)}" alt="Customer's signature">`
    : '<p class="muted">No signature recorded</p>';
}

/** A self-contained, printable HTML page: every text escaped, no external asset. */
export function receiptPage(receipt: Receipt & { signatureWithheld?: true }): string {
  const title = `Receipt · ${receipt.title} · ${receipt.shopName}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<article aria-labelledby="receipt-title">
<header>
<h1 id="receipt-title">Receipt${receipt.mark ? ` <span class="mark">${receipt.mark}</span>` : ''}</h1>
<p><strong>${escapeHtml(receipt.shopName)}</strong></p>
${receipt.legalName ? `<p>${escapeHtml(receipt.legalName)}</p>` : ''}
<p class="muted">Licence ${escapeHtml(receipt.licence)}</p>
<p><strong>${escapeHtml(receipt.title)}</strong></p>
</header>
<table aria-label="Order details"><tbody>${rows(receipt.details)}</tbody></table>
<h2>Items</h2>
${itemsTable(receipt)}
<table aria-label="Amounts"><tbody>${rows(receipt.amounts)}${rows([receipt.total], 'total')}</tbody></table>
<h2>Handover</h2>
<table aria-label="Handover"><tbody>${rows(receipt.handling)}</tbody></table>
${receipt.adjustments.length > 0 ? `<h2>Voids and returns</h2>\n<table aria-label="Voids and returns"><tbody>${rows(receipt.adjustments)}</tbody></table>` : ''}
<h2>Signature</h2>
${signature(receipt)}
</article>
<footer class="muted">Print this page or save it as a PDF to keep a copy.</footer>
</main>
</body>
</html>
`;
}
