const UNITS = ["Bytes", "KB", "MB", "GB"] as const;

/** 0 -> "0 Bytes", 1536 -> "1.5 KB", 10485760 -> "10 MB" (1024-based, as file managers show). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${exponent === 0 ? value : Number(value.toFixed(2))} ${UNITS[exponent]}`;
}
