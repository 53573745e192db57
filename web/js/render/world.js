// World units, shared by the renderer's parts (render.js and the modules it draws with): the squares
// of the maze's (2R+1) x (2C+1) wall matrix. Cell (r, c) is the unit square at (2c+1, 2r+1); walls are
// the blocks between. Its own module so the camera, the trails and the overlay agree on one mapping.

/** The world point at the middle of cell [r, c]. @param {readonly number[]} cell @returns {[number, number]} */
export const centre = ([r, c]) => [2 * c + 1.5, 2 * r + 1.5];
