import { cardClass } from "~/components/page/styles";

import { FileImportForm } from "./file-import-form";
import {
  SUBSCRIBER_IMPORT_MAX_BYTES,
  SUBSCRIBER_IMPORT_MAX_ROWS,
  SUBSCRIBER_IMPORT_NOTE_MAX,
} from "./subscriber-import-limits";
import { fieldClass, hintClass, labelClass } from "./ui";

/** The Subscribers screen's import: a CSV file, where they agreed, and the owner's word for it. */
export function SubscriberImportForm({ problems }: { problems: string[] }) {
  return (
    <section
      aria-labelledby="import-subscribers-heading"
      className={`${cardClass} mt-6 p-5`}
    >
      <h2
        id="import-subscribers-heading"
        className="text-lg font-semibold text-white"
      >
        Import addresses
      </h2>
      <p className="mt-2 text-sm text-slate-300">
        A CSV file with one address a row (a column headed &quot;email&quot; or
        &quot;address&quot;, or the first), up to{" "}
        {SUBSCRIBER_IMPORT_MAX_ROWS.toLocaleString("en")} rows and{" "}
        {SUBSCRIBER_IMPORT_MAX_BYTES / 1024 / 1024} MB. New addresses come in
        confirmed, with your word as their consent; an address that unsubscribed
        or bounced stays as it is. If any row is not an address, nothing is
        imported.
      </p>
      <FileImportForm
        id="import-file"
        name="file"
        label="CSV file"
        accept=".csv,text/csv,text/plain"
        problemsIntro="Nothing was imported. These rows are not addresses:"
        problems={problems}
      >
        <div>
          <label htmlFor="import-note" className={labelClass}>
            Where they agreed to be mailed
          </label>
          <input
            id="import-note"
            name="note"
            required
            maxLength={SUBSCRIBER_IMPORT_NOTE_MAX}
            aria-describedby="import-note-hint"
            className={fieldClass}
          />
          <p id="import-note-hint" className={hintClass}>
            Kept as each address&apos;s consent, for example &quot;Signed up at
            my March workshop&quot;.
          </p>
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-200">
          <input type="checkbox" name="vouch" required className="mt-1" />
          Everyone in this file agreed to receive this newsletter.
        </label>
      </FileImportForm>
    </section>
  );
}
