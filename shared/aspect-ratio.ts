// The document's `aspect_ratio` form, `<w>:<h>`, shared by its image and video requests.

/** Two positive numbers, 2.39:1 too, which the service may take or refuse in its own words. */
const ASPECT_RATIO_FORM = /^(\d{1,4}(?:\.\d{1,3})?):(\d{1,4}(?:\.\d{1,3})?)$/;

/** Whether `text` is an aspect ratio in the document's form; Atelier checks only the form, the model judges the ratio. */
export function isAspectRatio(text: string): boolean {
  const match = ASPECT_RATIO_FORM.exec(text);
  return match !== null && Number(match[1]) > 0 && Number(match[2]) > 0;
}
