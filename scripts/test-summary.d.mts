export declare const firstLine: (text: unknown) => string
export declare function namesWithErrors(
  heading: string,
  names: string[],
  errors: Map<string, string>,
): string
