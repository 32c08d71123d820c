import { expect, test } from "vitest";

import { pickedCoordinates } from "./coordinates";

test("a click's position becomes latitude and longitude, rounded to about a metre", () => {
  expect(pickedCoordinates({ lat: 35.6761919, lng: 139.6503106 })).toEqual([
    35.67619, 139.65031,
  ]);
});

test("a click on a repeated world is brought back into -180…180", () => {
  expect(pickedCoordinates({ lat: 10, lng: 200 })).toEqual([10, -160]);
  expect(pickedCoordinates({ lat: -10, lng: -190.5 })).toEqual([-10, 169.5]);
  expect(pickedCoordinates({ lat: 95, lng: 0 })).toEqual([90, 0]);
});
