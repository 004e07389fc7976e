// Pieces of hand-made request bodies for the hostile-input specs.

export const BOUNDARY = "----hostile";
export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
export const FORM = "application/x-www-form-urlencoded";

/** A multipart body of the named parts; a part with a file name is sent as a PNG. */
export const multipart = (parts: [name: string, value: string, file?: string][]) =>
  parts
    .map(
      ([name, value, file]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: image/png` : ""}\r\n\r\n${value}\r\n`,
    )
    .join("") + `--${BOUNDARY}--\r\n`;
