export declare const POSTGRES_SERVER_NODE_ARGS: string[];
export declare const SERVER_NODE_ARGS: string[];
