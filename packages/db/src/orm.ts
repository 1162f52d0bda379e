/** The one Drizzle instance every module uses: query builders and operators come from here. */
export * from 'drizzle-orm';
