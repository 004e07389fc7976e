/** A thumbnail that falls back to a placeholder when the file is missing or broken. */
export function AdminThumb({
  src,
  alt,
  className = "h-12 w-16",
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
}) {
  return (
    <img
      src={src ?? "/placeholder.svg"}
      alt={alt}
      loading="lazy"
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith("/placeholder.svg")) img.src = "/placeholder.svg";
      }}
      className={`${className} rounded object-cover bg-sand`}
    />
  );
}
