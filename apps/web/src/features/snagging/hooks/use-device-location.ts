// The device's position for a new report (SPEC §3 locationLat/locationLng). Asking is never a
// precondition for saving: a refusal, a timeout or a missing API leave the report without coordinates.
import { useCallback, useEffect, useRef, useState } from "react";

export type DeviceLocation =
  | { status: "idle" }
  | { status: "locating" }
  | { status: "found"; lat: number; lng: number; accuracy: number }
  | { status: "denied" }
  | { status: "unavailable"; reason: string };

const OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 };

export function useDeviceLocation({ requestOnMount }: { requestOnMount: boolean }) {
  const [location, setLocation] = useState<DeviceLocation>({ status: "idle" });
  const mounted = useRef(true);

  const locate = useCallback(() => {
    if (typeof navigator === "undefined" || !navigator.geolocation) {
      setLocation({ status: "unavailable", reason: "This device cannot share its location" });
      return;
    }
    setLocation({ status: "locating" });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!mounted.current) return;
        const { latitude, longitude, accuracy } = position.coords;
        setLocation({ status: "found", lat: latitude, lng: longitude, accuracy });
      },
      (error) => {
        if (!mounted.current) return;
        if (error.code === error.PERMISSION_DENIED) setLocation({ status: "denied" });
        else
          setLocation({
            status: "unavailable",
            reason: error.code === error.TIMEOUT ? "Location timed out" : "Location unavailable",
          });
      },
      OPTIONS,
    );
  }, []);

  useEffect(() => {
    mounted.current = true;
    if (requestOnMount) locate();
    return () => {
      mounted.current = false;
    };
  }, [requestOnMount, locate]);

  return { location, locate };
}
