import { parseUploadId, type UploadId } from '@/lib/brands';

/** A test's upload id, through the parse function as the app makes one. */
export const uploadIdOf = (text: string): UploadId =>
  parseUploadId(text) ??
  (() => {
    throw new Error(text);
  })();
