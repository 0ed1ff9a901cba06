// sw __BUILD_ID__
