/**
 * Runs before every server test file. The server files share their workers' module registry
 * (`isolate: false`, which saves each file from importing the whole server again), so anything
 * a file adds to the shared model stays for the files after it. The fixture entities are
 * therefore installed in every file, whatever order the files run in.
 */
import { installFixtureModel } from './fixture-model.ts';

installFixtureModel();
