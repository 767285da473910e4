"""The Python `mcp` client (pinned, from PyPI) against `places mcp` over stdio.

Run by Scripts/protocol-clients.sh with PLACES_BIN (the places binary) and PLACES_STORE (a store
holding dam.osm). Each tool's structuredContent is compared with what `places … --format json`
prints for the same question; bad arguments must come back as isError with the CLI's words.
"""

import contextlib
import json
import os
import subprocess
import unittest

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

BINARY = os.environ["PLACES_BIN"]
STORE = os.environ["PLACES_STORE"]
ENVIRONMENT = {**os.environ, "PLACES_HTTP_MODE": "replay", "PLACES_STORE": STORE}


def cli(*arguments):
    """`places ARGUMENTS --format json` on the same store, as a document."""
    done = subprocess.run([BINARY, *arguments, "--format", "json"], env=ENVIRONMENT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@contextlib.asynccontextmanager
async def connected():
    """A session with `places mcp`, started for one test and ended with it (anyio's scopes must
    open and close in one task, so not across setUp and tearDown)."""
    parameters = StdioServerParameters(command=BINARY, args=["mcp"], env=ENVIRONMENT)
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write) as session:
            initialized = await session.initialize()
            yield session, initialized


class PlacesMCP(unittest.IsolatedAsyncioTestCase):
    async def call(self, name, arguments):
        async with connected() as (session, _):
            result = await session.call_tool(name, arguments)
        self.assertFalse(result.is_error, result.content[0].text if result.content else result)
        return result

    async def test_the_tools_are_listed_read_only_with_output_schemas(self):
        async with connected() as (session, initialized):
            self.assertEqual(initialized.server_info.name, "places")
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        self.assertEqual(set(tools), {"find_places", "geocode", "reverse", "walking_route", "parking_advice", "stops"})
        for tool in tools.values():
            self.assertTrue(tool.annotations.read_only_hint, tool.name)
            self.assertEqual(tool.output_schema["type"], "object", tool.name)
            self.assertEqual(tool.input_schema["type"], "object", tool.name)

    async def test_find_places_answers_what_coffee_prints(self):
        result = await self.call("find_places", {"near": "Dam", "offline": True, "top": 3})
        expected = cli("coffee", "--near", "Dam", "--offline", "--top", "3")
        self.assertEqual([place["id"] for place in result.structured_content["results"]], [place["id"] for place in expected["results"]])
        self.assertIn("Starbucks", result.content[0].text)
        self.assertIn("untrusted", result.content[0].text)

    async def test_geocode_answers_what_complete_prints(self):
        result = await self.call("geocode", {"text": "Rokin 1", "limit": 5})
        expected = cli("complete", "Rokin 1", "--limit", "5")
        self.assertEqual(result.structured_content["suggestions"], expected["suggestions"])
        self.assertEqual(result.structured_content["suggestions"][0]["name"], "Rokin 18")

    async def test_reverse_answers_what_reverse_prints(self):
        result = await self.call("reverse", {"lat": 52.37192, "lon": 4.89265})
        expected = cli("reverse", "52.37192,4.89265")
        self.assertEqual(result.structured_content["results"], expected["results"])

    async def test_a_walking_route_offline_over_the_imported_streets(self):
        result = await self.call("walking_route", {"from": "Rokin 18", "to": "Starbucks", "offline": True})
        expected = cli("route", "--from", "Rokin 18", "--to", "Starbucks", "--offline")
        self.assertEqual(result.structured_content["route"]["distance_m"], expected["route"]["distance_m"])
        self.assertIn("on foot", result.content[0].text)

    async def test_stops_in_a_trace_file(self):
        trace = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "day.gpx")
        result = await self.call("stops", {"file": trace})
        expected = cli("stops", trace)
        self.assertEqual(result.structured_content["summary"], expected["summary"])
        self.assertEqual(len(result.structured_content["stops"]), len(expected["stops"]))

    async def test_bad_arguments_are_errors_in_the_clis_words(self):
        for name, arguments, words in [
            ("geocode", {}, "text is required"),
            ("find_places", {"top": 99}, "top must be between 1 and 20, not 99"),
            ("find_places", {"top": "three"}, "top must be a whole number"),
            ("find_places", {"near": "91,5"}, "latitude"),
            ("reverse", {"lat": "north"}, "lat and lon are required numbers"),
            ("stops", {"file": "/nonexistent/walk.gpx"}, "/nonexistent/walk.gpx"),
            ("geocode", {"text": "x" * 1_000_000}, "longer than 1,000 bytes"),
        ]:
            async with connected() as (session, _):
                result = await session.call_tool(name, arguments)
            self.assertTrue(result.is_error, (name, arguments))
            self.assertIn(words, result.content[0].text, (name, arguments))


class OverHTTP(unittest.IsolatedAsyncioTestCase):
    """The same tools at /mcp on `places serve` (PLACES_SERVE), stateless: each client initializes."""

    async def session_answer(self, name, arguments):
        async with streamable_http_client(f"http://{os.environ['PLACES_SERVE']}/mcp") as streams:
            async with ClientSession(streams[0], streams[1]) as session:
                await session.initialize()
                names = [tool.name for tool in (await session.list_tools()).tools]
                return names, await session.call_tool(name, arguments)

    async def test_two_clients_one_after_the_other_get_the_tools_but_stops(self):
        for _ in range(2):
            names, result = await self.session_answer("geocode", {"text": "Rokin 1", "limit": 5})
            self.assertEqual(set(names), {"find_places", "geocode", "reverse", "walking_route", "parking_advice"})
            self.assertFalse(result.is_error)
            self.assertEqual(result.structured_content["suggestions"], cli("complete", "Rokin 1", "--limit", "5")["suggestions"])


class ClosingStdin(unittest.TestCase):
    def test_the_server_exits_when_stdin_closes(self):
        process = subprocess.Popen([BINARY, "mcp"], env=ENVIRONMENT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        process.stdin.write(b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n')
        process.stdin.close()
        self.assertIsNotNone(process.wait(timeout=120))
        process.stdout.close()
        process.stderr.close()


if __name__ == "__main__":
    unittest.main(verbosity=2)
