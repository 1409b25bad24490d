export declare function journeyBrowser(): string | undefined;
