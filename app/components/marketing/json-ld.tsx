import { useNonce } from "#app/components/nonce.ts";

/** Structured data for search engines; `<` is escaped so no text in it can close the script element. */
export function JsonLd({ data }: { data: object }) {
  const nonce = useNonce();
  return (
    <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />
  );
}
