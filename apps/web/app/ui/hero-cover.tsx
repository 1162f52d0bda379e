import type { Image } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { Cover } from './cover';

const SHAPES = {
  book: {
    box: 'mx-auto w-44 xs:w-52 md:mx-0 md:w-full',
    sizes: '(min-width: 1280px) 304px, (min-width: 1024px) 272px, (min-width: 768px) 240px, 208px',
    image: 'aspect-[2/3] rounded-xl',
  },
  square: {
    box: 'mx-auto w-52 md:mx-0 md:w-full',
    sizes: '(min-width: 1024px) 272px, (min-width: 768px) 240px, 208px',
    image: 'aspect-square rounded-2xl',
  },
} as const;

/** The large cover at the head of a detail page: that page's largest paint, so its priority image. */
export function HeroCover({ image, title, shape }: { image: Image; title: string; shape: keyof typeof SHAPES }) {
  const s = SHAPES[shape];
  return (
    <div className={s.box}>
      <Cover
        image={image}
        alt={mn.book.coverAlt(title)}
        sizes={s.sizes}
        priority
        className={`${s.image} w-full object-cover shadow-xl ring-1 ring-black/5`}
      />
    </div>
  );
}
