import { useState, type ChangeEvent } from "react";
import { buttonClass } from "#app/components/ui/button.ts";
import { TextField } from "./editor-fields.tsx";
import { useEditor } from "./editor-form.tsx";
import { acceptedImageTypes, imageUploadLimits, uploadMessages, type MediaFolder } from "#app/domain/media.ts";

const uploadPath = "/admin/uploads";

/**
 * Picks an image and uploads it at once; the server checks the bytes and answers with the
 * image's address, which the editor then saves with the rest of the form.
 */
export function ImageUpload({
  folder,
  label,
  onUploaded,
}: {
  folder: MediaFolder;
  label: string;
  onUploaded: (url: string, placeholder: string) => void;
}) {
  const { showToast } = useEditor();
  const [uploading, setUploading] = useState(false);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    const refuse = (message: string) => showToast({ title: "Error", message });
    if (!(acceptedImageTypes as readonly string[]).includes(file.type)) return refuse(uploadMessages.notImage);
    if (file.size > imageUploadLimits.maxBytes) return refuse(uploadMessages.tooLarge);
    const body = new FormData();
    body.set("folder", folder);
    body.set("file", file);
    setUploading(true);
    try {
      const response = await fetch(uploadPath, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      const answer = (await response.json().catch(() => ({}))) as {
        url?: string;
        placeholder?: string;
        error?: string;
      };
      if (!response.ok || !answer.url) return refuse(answer.error ?? uploadMessages.failed);
      onUploaded(answer.url, answer.placeholder ?? "");
      showToast({ title: "Success", message: uploadMessages.uploaded });
    } catch {
      refuse(uploadMessages.failed);
    } finally {
      setUploading(false);
    }
  };

  return (
    <label className={`${buttonClass("secondary", { size: "compact" })} cursor-pointer has-focus-visible:outline-3 has-focus-visible:outline-brand-red-600`}>
      {uploading ? "Uploading..." : label}
      <input type="file" accept={acceptedImageTypes.join(",")} disabled={uploading} onChange={upload} className="sr-only" />
    </label>
  );
}

/**
 * An image as the office sees it: a thumbnail with its description, an upload button and a way to
 * remove it. The stored address stays in the form, under "Image address", for whoever needs it.
 */
export function ImageField({
  name,
  label,
  defaultValue,
  folder,
}: {
  name: string;
  label: string;
  defaultValue: string | null;
  folder: MediaFolder;
}) {
  const { markDirty, errors } = useEditor();
  const [address, setAddress] = useState(defaultValue ?? "");
  const change = (value: string) => {
    setAddress(value);
    markDirty();
  };
  const shown = address.startsWith("/") && !address.startsWith("//");
  return (
    <div className="space-y-3">
      <p className="font-semibold">{label}</p>
      {shown ? (
        <figure>
          <img src={address} alt={`${label} now chosen`} className="h-32 w-full max-w-sm rounded-md bg-slate-200 object-cover" />
          <figcaption className="mt-1 text-sm text-slate-700">{label} now chosen</figcaption>
        </figure>
      ) : (
        <p className="text-slate-700">{address ? "This address is not an image of this site." : `No ${label.toLowerCase()}: none is shown.`}</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <ImageUpload folder={folder} label={`Upload ${label.toLowerCase()}`} onUploaded={change} />
        {address && (
          <button type="button" className="min-h-11 font-semibold text-navy-900 underline" onClick={() => change("")}>
            Remove {label.toLowerCase()}
          </button>
        )}
      </div>
      <details open={Boolean(errors[name])}>
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-navy-900">Stored address</summary>
        <TextField
          name={name}
          label={`${label} address`}
          hint="Filled in by the upload. Only images stored on this site can be shown: upload an image rather than pasting a link to another website."
          value={address}
          onChange={(event) => change(event.currentTarget.value)}
          inputMode="url"
        />
      </details>
    </div>
  );
}

export const altTextHint =
  "Required before the photo is shown on the site: say what a visitor would see, e.g. “Basement dried out and rebuilt after a burst pipe”.";

/**
 * A photo the public sees: its address (uploaded here, cut and converted by the server), the
 * blurred preview the upload answered with (kept in a hidden field), its alt text and a preview.
 * `prefix` names the three fields: `${prefix}Url`, `${prefix}Alt`, `${prefix}Placeholder`.
 */
export function PhotoField({
  prefix,
  label,
  folder,
  idPrefix,
  defaultValue,
}: {
  prefix: string;
  label: string;
  folder: MediaFolder;
  /** A list item's stable id, so the fields keep their labels while the item moves. */
  idPrefix?: string;
  defaultValue: { url: string | null; alt: string; placeholder: string };
}) {
  const { markDirty } = useEditor();
  const [photo, setPhoto] = useState({ url: defaultValue.url ?? "", placeholder: defaultValue.placeholder });
  const change = (url: string, placeholder = "") => {
    setPhoto({ url, placeholder });
    markDirty();
  };
  const id = (field: string) => (idPrefix ? `${idPrefix}-${field}` : undefined);
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-300 p-4">
      <legend className="px-1 font-semibold">{label}</legend>
      <TextField
        id={id("url")}
        name={`${prefix}Url`}
        label="Address"
        hint="Upload a photo (it is resized, converted and stripped of its location data), or enter an address on this site."
        value={photo.url}
        onChange={(event) => change(event.currentTarget.value)}
        inputMode="url"
      />
      <input type="hidden" name={`${prefix}Placeholder`} value={photo.placeholder} />
      <div className="flex flex-wrap items-center gap-3">
        <ImageUpload folder={folder} label={`Upload ${label.toLowerCase()}`} onUploaded={change} />
        {photo.url && (
          <button type="button" className="min-h-11 font-semibold text-navy-900 underline" onClick={() => change("")}>
            Remove {label.toLowerCase()}
          </button>
        )}
      </div>
      <TextField id={id("alt")} name={`${prefix}Alt`} label="Alt text" hint={altTextHint} defaultValue={defaultValue.alt} />
      {photo.url.startsWith("/") && <img src={photo.url} alt="" className="aspect-[4/3] w-48 rounded-md bg-slate-200 object-cover" />}
    </fieldset>
  );
}
