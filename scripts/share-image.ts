/**
 * `npm run share-image`: draws the share picture social networks show beside a link
 * (`public/share.png`, 1200 × 630) from an SVG, with the company's default name, tagline and phone.
 * The PNG is committed, so a build needs no fonts; run this again when those defaults change.
 */
import sharp from "sharp";
import { defaultCompany, serviceArea, tagline } from "#app/content/company.ts";
import { shareImage } from "#app/content/seo.ts";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const { width, height } = shareImage;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#0b2545"/>
  <rect y="${height - 24}" width="${width}" height="24" fill="#b91c1c"/>
  <g transform="translate(80 96) scale(7)">
    <path d="M16 5l9 4v6c0 6-4 10-9 12-5-2-9-6-9-12V9z" fill="#b91c1c"/>
    <path d="M12 16l3 3 5-6" stroke="#fff" stroke-width="2.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
  <g font-family="DejaVu Sans, Arial, Helvetica, sans-serif" fill="#ffffff">
    <text x="320" y="185" font-size="50" font-weight="bold">${escapeXml(defaultCompany.name.toUpperCase())}</text>
    <text x="320" y="240" font-size="26" font-weight="bold" fill="#d5e1f0" letter-spacing="3">${escapeXml(tagline)}</text>
    <text x="80" y="400" font-size="42" font-weight="bold">24/7 water, fire, mold and storm restoration</text>
    <text x="80" y="470" font-size="32" fill="#d5e1f0">${escapeXml(serviceArea)}</text>
    <text x="80" y="560" font-size="48" font-weight="bold">Call ${escapeXml(defaultCompany.phone)}</text>
  </g>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(`public${shareImage.path}`);
console.log(`Wrote public${shareImage.path}`);
