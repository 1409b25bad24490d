/** Rural properties (businesses) of producers: spec §3 Property, §5 Property form. */
export {};
