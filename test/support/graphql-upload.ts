/**
 * The multipart body of an `ingestDocument` upload (GraphQL multipart request spec), as a browser or curl sends it.
 * Post it with the `apollo-require-preflight` header, which Apollo's CSRF guard asks of multipart requests.
 */
export function ingestUploadForm(bytes: Uint8Array, fileName: string, selection = 'id'): FormData {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: `mutation($file: Upload!) { ingestDocument(file: $file) { ${selection} } }`,
      variables: { file: null },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([bytes], { type: 'application/pdf' }), fileName);
  return form;
}
