"""routingpy's OSRM client (pinned, from PyPI), unchanged, against `places serve`'s /route/v1.

Run by Scripts/protocol-clients.sh with PLACES_SERVE (host:port) serving a store of dam.osm.
"""

import os
import unittest

from routingpy import OSRM
from routingpy.exceptions import RouterApiError

SERVER = os.environ["PLACES_SERVE"]
ROKIN_18 = [4.8926476, 52.3719183]
STARBUCKS = [4.8921946, 52.3702754]


class OSRMClient(unittest.TestCase):
    def setUp(self):
        self.router = OSRM(base_url=f"http://{SERVER}", timeout=60)

    def test_a_walk_along_the_imported_street(self):
        route = self.router.directions(locations=[ROKIN_18, STARBUCKS], profile="foot")
        # 185 m as the crow flies, along the Rokin of the fixture.
        self.assertGreater(route.distance, 150)
        self.assertLess(route.distance, 400)
        # At walking pace, never a drive's.
        self.assertGreater(route.duration, route.distance / 2)
        self.assertGreaterEqual(len(route.geometry), 2)
        self.assertAlmostEqual(route.geometry[0][0], ROKIN_18[0], places=3)

    def test_steps_and_polyline6(self):
        route = self.router.directions(locations=[ROKIN_18, STARBUCKS], profile="foot", steps=True, geometries="polyline6")
        steps = route.raw["routes"][0]["legs"][0]["steps"]
        self.assertEqual(steps[0]["maneuver"]["type"], "depart")
        self.assertEqual(steps[-1]["maneuver"]["type"], "arrive")
        self.assertAlmostEqual(route.geometry[-1][1], STARBUCKS[1], places=3)

    def test_a_car_is_refused_not_answered_with_car_times(self):
        with self.assertRaises(RouterApiError) as raised:
            self.router.directions(locations=[ROKIN_18, STARBUCKS], profile="driving")
        self.assertIn("InvalidValue", str(raised.exception))

    def test_no_route_far_away(self):
        with self.assertRaises(RouterApiError) as raised:
            self.router.directions(locations=[ROKIN_18, [-30.0, 0.0]], profile="foot")
        self.assertIn("NoRoute", str(raised.exception))


if __name__ == "__main__":
    unittest.main(verbosity=2)
