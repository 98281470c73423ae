import { z } from 'zod';
import { SUGGESTION_CATEGORIES } from '../admin/catalogues';

/** A management suggestion of the library the virtual ward picks from. */
export const suggestionView = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  category: z.enum(SUGGESTION_CATEGORIES),
  categoryName: z.string().describe("the category's name in the request language"),
  sort: z.number(),
  isActive: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Suggestion = z.infer<typeof suggestionView>;

/** GET /v1/suggestions/categories: a category with its name in the request language. */
export const suggestionCategoryOptionView = z.object({
  code: z.enum(SUGGESTION_CATEGORIES),
  name: z.string(),
});
export type SuggestionCategoryOption = z.infer<typeof suggestionCategoryOptionView>;
