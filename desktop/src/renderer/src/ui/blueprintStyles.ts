// Blueprint's stylesheets, loaded once by main.tsx through the ui/ door.
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
