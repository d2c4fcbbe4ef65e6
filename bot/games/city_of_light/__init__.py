"""City of Light on Discord: the adapter, the table picture and the catalogue."""

from bot.games.city_of_light.adapter import CityOfLightAdapter

ADAPTER = CityOfLightAdapter()

__all__ = ["ADAPTER"]
