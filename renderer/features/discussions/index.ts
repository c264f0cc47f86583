// What other features may use of discussions; the rest of the folder is its own (npm run lint holds them to this).
export { MarkdownPreview } from './MarkdownPreview';
export { PostForm } from './PostForm';
export { emptyPostForm, valuesFromRecommendation, type PostFormValues } from './post-form';
