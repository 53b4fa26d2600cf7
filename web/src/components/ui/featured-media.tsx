import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

/**
 * A news post's featured image or video (its object path is `news/<file>`), served by the api's
 * media route. Uploads may be videos (mp4, webm); those play inline, muted, with controls.
 */
export function FeaturedMedia({ objectPath, className = '' }: { objectPath: string; className?: string }) {
  const src = api.urlOf(routes.getMedia, { params: { file: objectPath.replace(/^news\//, '') } });
  if (/\.(mp4|webm)$/i.test(objectPath)) {
    return <video src={src} className={className} controls muted playsInline preload="metadata" />;
  }
  return <img src={src} alt="" loading="lazy" decoding="async" className={className} />;
}
