"""Italian as written in Ticino: dates with dots, as the rest of Switzerland writes them
("28.11.2026"), and the month in words in lower case ("28 novembre 2026", the month
names of jassclub/formats/months.py). Django's Italian writes "28/11/2026"."""

DATE_FORMAT = "j F Y"  # 28 novembre 2026
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j F Y H:i"
YEAR_MONTH_FORMAT = "F Y"
MONTH_DAY_FORMAT = "j F"
SHORT_DATE_FORMAT = "d.m.Y"
SHORT_DATETIME_FORMAT = "d.m.Y H:i"
FIRST_DAY_OF_WEEK = 1  # Monday

DATE_INPUT_FORMATS = [
    "%d.%m.%Y",  # '28.11.2026'
    "%d.%m.%y",  # '28.11.26'
    "%d/%m/%Y",  # '28/11/2026'
    "%Y-%m-%d",  # '2026-11-28'
]
DATETIME_INPUT_FORMATS = [
    "%d.%m.%Y %H:%M:%S",
    "%d.%m.%Y %H:%M",
    "%d/%m/%Y %H:%M:%S",
    "%d/%m/%Y %H:%M",
    "%Y-%m-%d %H:%M:%S",
    "%Y-%m-%d %H:%M",
]
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "\u2019"  # the Swiss apostrophe: 1’500
NUMBER_GROUPING = 3
