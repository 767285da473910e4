"""geopy's Nominatim and Photon clients, unchanged, against `places serve` on loopback.

Run by Scripts/protocol-clients.sh, which starts the server on the store it imported dam.osm into
and passes its address in PLACES_SERVE (host:port). Every call has a generous timeout: the
machine may be loaded, and a slow answer is not a wrong one.
"""

import os
import unittest

from geopy.geocoders import Nominatim, Photon

SERVER = os.environ["PLACES_SERVE"]
TIMEOUT = 60


class NominatimClient(unittest.TestCase):
    def setUp(self):
        self.geocoder = Nominatim(domain=SERVER, scheme="http", user_agent="places-protocol-tests", timeout=TIMEOUT)

    def test_geocode_finds_the_square(self):
        location = self.geocoder.geocode("Dam")
        self.assertIsNotNone(location)
        self.assertAlmostEqual(location.latitude, 52.3731226, places=5)
        self.assertAlmostEqual(location.longitude, 4.8926094, places=5)
        self.assertTrue(location.address.startswith("Dam"), location.address)

    def test_exactly_one_false_gives_a_list(self):
        locations = self.geocoder.geocode("Dam", exactly_one=False)
        self.assertIsInstance(locations, list)
        names = [location.raw["display_name"].split(", ")[0] for location in locations]
        # The square itself first, the pharmacy whose name starts with it after.
        self.assertEqual(names[:2], ["Dam", "Dam Apotheek"], names)

    def test_an_address_with_its_details(self):
        location = self.geocoder.geocode("Rokin 18, Amsterdam", addressdetails=True)
        self.assertIsNotNone(location)
        address = location.raw["address"]
        self.assertEqual(address["road"], "Rokin")
        self.assertEqual(address["house_number"], "18")
        self.assertEqual(address["city"], "Amsterdam")
        self.assertEqual(address["country_code"], "nl")

    def test_a_structured_query(self):
        location = self.geocoder.geocode({"street": "74 Rokin", "city": "Amsterdam"})
        self.assertIsNotNone(location)
        self.assertIn("Rokin 74", location.address)

    def test_the_language_names_the_country(self):
        german = self.geocoder.geocode("Starbucks", language="de", addressdetails=True)
        dutch = self.geocoder.geocode("Starbucks", addressdetails=True)
        self.assertEqual(german.raw["address"]["country"], "Niederlande")
        self.assertEqual(dutch.raw["address"]["country"], "Nederland")

    def test_a_miss_is_none(self):
        self.assertIsNone(self.geocoder.geocode("Zzyzx Qqq"))

    def test_reverse_answers_the_nearest_and_a_miss_is_none(self):
        location = self.geocoder.reverse("52.37192,4.89265")
        self.assertIsNotNone(location)
        self.assertEqual(location.raw["address"]["house_number"], "18")
        self.assertEqual(location.raw["osm_type"], "node")
        self.assertIsNone(self.geocoder.reverse("0.0,-30.0"))

    def test_reverse_exactly_one_false_gives_a_list(self):
        locations = self.geocoder.reverse("52.3731,4.8926", exactly_one=False)
        self.assertIsInstance(locations, list)
        self.assertEqual(len(locations), 1)


class PhotonClient(unittest.TestCase):
    def setUp(self):
        self.geocoder = Photon(domain=SERVER, scheme="http", timeout=TIMEOUT)

    def test_geocode_and_exactly_one(self):
        location = self.geocoder.geocode("Dam")
        self.assertIsNotNone(location)
        self.assertAlmostEqual(location.latitude, 52.3731226, places=5)
        several = self.geocoder.geocode("Dam", exactly_one=False)
        self.assertEqual([location.raw["properties"]["name"] for location in several][:2], ["Dam", "Dam Apotheek"])

    def test_the_language_names_the_country(self):
        location = self.geocoder.geocode("Starbucks", language="de")
        self.assertEqual(location.raw["properties"]["country"], "Niederlande")

    def test_reverse_and_a_miss(self):
        location = self.geocoder.reverse("52.37192,4.89265")
        self.assertIsNotNone(location)
        self.assertEqual(location.raw["properties"]["housenumber"], "18")
        self.assertIsNone(self.geocoder.geocode("Zzyzx Qqq"))


if __name__ == "__main__":
    unittest.main(verbosity=2)
