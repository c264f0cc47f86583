import { optionalLink } from '../../../shared/api/discussions';
import { isServableCoverName } from '../../http/images';
import type { MappingContext } from './mapping-context';
import { pictureName } from './obskurnee-values';

/** The covers of posts and recommendations, and the pictures among them the import brings over. */
export interface CoverLinks {
  /** A cover as Bookclub links it: one of Obskurnee's own pictures under its name, else the link as given. */
  linkOf(imageUrl: string | null, what: string): string | null;
  /** The file names of Obskurnee's pictures the imported covers use. */
  fileNames(): string[];
}

export function coverLinks(context: MappingContext): CoverLinks {
  const kept = new Set<string>();
  return {
    linkOf(imageUrl, what) {
      const name = pictureName(imageUrl);
      if (!name) return context.link(imageUrl, optionalLink, `The cover link of ${what}`);
      context.picturesNamed.add(name);
      // Covers are files of one folder: two names that differ only in case would be one file on some disks.
      if (!isServableCoverName(name) || [...kept].some((other) => other !== name && other.toLowerCase() === name.toLowerCase())) {
        context.problems.push(`The cover of ${what} (${name}) is not a picture name Bookclub can serve; it shows none.`);
        return null;
      }
      kept.add(name);
      return `/images/covers/${encodeURIComponent(name)}`;
    },
    fileNames: () => [...kept],
  };
}
