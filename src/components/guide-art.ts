/** The original artwork of each guide (src/assets/guides), for cards and banners. */
import type { ImageMetadata } from 'astro';
import aprendizado from '../assets/guides/aprendizado.svg';
import foco from '../assets/guides/foco.svg';
import hiperatividade from '../assets/guides/hiperatividade.svg';
import irritabilidade from '../assets/guides/irritabilidade.svg';
import sono from '../assets/guides/sono.svg';
import type { Condition } from '../shared/guides.ts';

export const GUIDE_ART: Record<Condition, ImageMetadata> = { aprendizado, hiperatividade, irritabilidade, sono, foco };
