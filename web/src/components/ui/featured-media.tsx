/**
 * A news post's featured image or video, served by the api at /media/{objectPath}. Uploads may be
 * videos (mp4, webm); those play inline, muted, with controls.
 */
export function FeaturedMedia({ objectPath, className = '' }: { objectPath: string; className?: string }) {
  const src = `/media/${objectPath}`;
  if (/\.(mp4|webm)$/i.test(objectPath)) {
    return <video src={src} className={className} controls muted playsInline preload="metadata" />;
  }
  return <img src={src} alt="" loading="lazy" decoding="async" className={className} />;
}
