/** /program/{id}: the program detail page (header, goals slider, 11 tabs). Being built. */
const ProgramDetail = () => null;
export default ProgramDetail;
