import { HarnessError } from './harness-error.js';

/** The inspector page's files are not where the package ships them (a partial install or a bad `root`). */
export class InspectorAssetsMissingError extends HarnessError {
  readonly code = 'INSPECTOR_ASSETS_MISSING';
  readonly httpStatus = 500;

  constructor(searchedFrom: string) {
    super(
      `the inspector page files (inspector-ui/index.html) were not found above ${searchedFrom}; reinstall event-harness, or pass the folder as the inspector plugin's root option`,
    );
  }
}
