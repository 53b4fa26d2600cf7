import { buttonClass } from '@/components/ui/button';
import { venue } from '@/config/venue';

export function SocialSection() {
  return (
    <section id="social" aria-labelledby="social-title" className="px-4 py-20 text-center">
      <h2 id="social-title" className="font-display text-3xl text-gold sm:text-4xl">
        Follow Us on Social Media
      </h2>
      <p className="mx-auto mt-4 max-w-xl text-white/85">Line-ups, events and members-only nights, first on our socials.</p>
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        {venue.socials.map((social) => (
          <li key={social.name}>
            <a href={social.url} target="_blank" rel="noopener noreferrer" className={buttonClass('outline')}>
              {social.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
