export declare const API_CONTENT_SECURITY_POLICY: string;
export declare const SECURITY_HEADERS: Array<{ key: string; value: string }>;
