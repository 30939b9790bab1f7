/** SNs as typed or pasted: one per line, or separated by commas, spaces or semicolons; each once. */
export const snsOf = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
