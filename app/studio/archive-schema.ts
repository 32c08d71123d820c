// The export screen's inputs, shared by its forms and its actions.
import { z } from "zod";

import { ARCHIVE_MAX_BYTES } from "./archive";

export const exportFormSchema = z.object({ intent: z.literal("export") });

export const importFormSchema = z.object({
  intent: z.literal("import"),
  archive: z
    .instanceof(File, { message: "Choose an archive to import." })
    .refine((file) => file.size > 0, "Choose an archive to import.")
    .refine(
      (file) => file.size <= ARCHIVE_MAX_BYTES,
      `Archives up to ${ARCHIVE_MAX_BYTES / 1024 / 1024} MB are accepted.`,
    ),
});
