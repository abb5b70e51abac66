/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/permission_file.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * A consent or permission document a program keeps (spec 2 §3): a PDF or an image, uploaded as multipart (`name`, `file`) and checked by its content.
 */
export interface PermissionFile {
  _id?: string;
  name: string;
  /**
   * Where the upload is stored, relative to the uploads folder (permission-files/…); GET /permission/{id}/file answers its bytes
   */
  file?: string | null;
  /**
   * The name the file was uploaded under
   */
  file_name?: string | null;
  /**
   * The stored image to show for it: the file itself for an image, none for a PDF (its bytes also come from GET /permission/{id}/file)
   */
  preview?: string | null;
  content_type?: string | null;
  /**
   * Bytes
   */
  size?: number | null;
  createdAt?: string;
  updatedAt?: string;
}
