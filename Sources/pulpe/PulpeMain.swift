import PulpeApp
