import { describe, expect, it } from "vitest";

import { readSaveAnswer } from "./save-answer";

describe("readSaveAnswer", () => {
  it("names a body over the server's limit", async () => {
    const answer = await readSaveAnswer(
      new Response("Payload Too Large", { status: 413 }),
    );
    expect(answer).toEqual({
      status: "failed",
      message: expect.stringContaining(
        "larger than the server accepts. Your text is still here.",
      ) as string,
    });
  });

  it("turns an answer that is not JSON into a message with its status", async () => {
    const answer = await readSaveAnswer(
      new Response("<html>Bad gateway</html>", { status: 502 }),
    );
    expect(answer.status).toBe("failed");
    expect("message" in answer && answer.message).toContain("(502)");
  });

  it("turns JSON of another shape into a message, not a crash", async () => {
    const answer = await readSaveAnswer(
      Response.json({ error: "nope" }, { status: 500 }),
    );
    expect(answer.status).toBe("failed");
  });

  it("passes the endpoint's own answers through, a refusal always with its field errors", async () => {
    const refused = await readSaveAnswer(
      Response.json(
        { status: "invalid", message: "Too long" },
        { status: 400 },
      ),
    );
    expect(refused).toEqual({
      status: "invalid",
      message: "Too long",
      errors: {},
    });
    const saved = { status: "saved", post: { id: "x" } };
    expect(await readSaveAnswer(Response.json(saved))).toEqual(saved);
  });
});
