/**
 * The one sentence for a chosen file that is no image (doc 1 §5, doc 2 §5: "images only"): the
 * console says it before sending (by the file's type), the server after reading the bytes.
 */
export const NOT_AN_IMAGE_MESSAGE = 'Only image files can be uploaded';
